/** The value of one of this site's readable cookies, or undefined when it is not set. */
export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const pair = document.cookie
    .split(';')
    .map((entry) => entry.trim())
    .find((entry) => entry.startsWith(prefix));
  return pair?.slice(prefix.length);
}
