/**
 * index.html carries a static copy of the login page's brand panel (built by login-shell.ts next to
 * vite.config.ts) that paints before any script has run; its title is the page's largest contentful
 * paint. When the page has laid out its own copy, the static one steps behind it (same place, same
 * size, its empty form panel hidden, no pointer events) and is removed once the browser has
 * reported the largest contentful paint: a node removed before its paint is reported drops out of
 * the measure, which then waits for React's copy (seen on a loaded machine). The removal waits at
 * most `fallbackMs`, for browsers that never report.
 */
export const loginShellId = 'login-shell';
const fallbackMs = 3000;

export function handOverLoginShell(): void {
  const shell = document.getElementById(loginShellId);
  if (!shell) return;
  shell.classList.add('login-shell-behind');
  shell.setAttribute('aria-hidden', 'true');
  let observer: PerformanceObserver | undefined;
  const remove = () => {
    observer?.disconnect();
    clearTimeout(timer);
    shell.remove();
  };
  const timer = setTimeout(remove, fallbackMs);
  try {
    observer = new PerformanceObserver((list) => {
      if (list.getEntries().length > 0) remove();
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  } catch {
    remove();
  }
}
