/**
 * The portal's own origin, the one place absolute links are written from (llms.txt, the API catalog,
 * Markdown, the MCP tools' answers, prerendered pages, webhook events) and what the CSRF check compares
 * a browser's Origin with (docs/decisions/036-origins-downloads-and-json-answers.md). PUBLIC_ORIGIN when
 * set; otherwise the address the server listens on (`localhost` for all addresses, as the start-up line
 * says), and `http://127.0.0.1:<PORT>` until it listens. Never the request's Host: a request naming
 * another host must not change a link anyone else is given.
 */
/** What `server.address()` answers for a TCP listener (node:net's AddressInfo). */
interface ListeningAddress {
  address: string;
  family: string;
  port: number;
}

export class PublicOrigin {
  readonly configured: string | undefined;
  #value: string;

  constructor(configured: string | undefined, port: number) {
    this.configured = configured?.replace(/\/+$/, '');
    this.#value = this.configured ?? `http://127.0.0.1:${port}`;
  }

  get value(): string {
    return this.#value;
  }

  /** The address the server listens on, once it does: the origin when none is configured. */
  listeningOn(address: ListeningAddress | string | null): void {
    if (this.configured !== undefined || address === null || typeof address === 'string') return;
    const everywhere = address.address === '0.0.0.0' || address.address === '::';
    const host = everywhere ? 'localhost' : address.family === 'IPv6' ? `[${address.address}]` : address.address;
    this.#value = `http://${host}:${address.port}`;
  }
}
