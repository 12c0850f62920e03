/**
 * Entry point, kept tiny on purpose. A documentation page the server sent already rendered must paint
 * before any of the app runs: evaluating React, MUI and the router (and then hydrating) takes longer than
 * a frame, and Chromium runs module scripts that have arrived before it paints. So the app is imported
 * only after the first frame (rAF runs just before a paint, the timeout just after it). Its files are
 * already downloading meanwhile (modulepreload links, vite.config.ts), so no round trip is lost.
 * Any other screen has nothing to paint yet and starts the app at once.
 */
const startApp = () => import('./boot');

if (document.getElementById('root')?.firstElementChild) {
  requestAnimationFrame(() => setTimeout(() => void startApp(), 0));
} else {
  void startApp();
}
