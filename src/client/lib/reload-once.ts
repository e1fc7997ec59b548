const reloadFlag = 'portal.reloadedAfterLoadFailure';
/** A failure this soon after the last reload is the same failure again: the reload did not help. */
const reloadWindowMs = 60_000;

/** Whether the window reloaded for a failed load within the last minute (or we cannot tell). */
function reloadedRecently(): boolean {
  try {
    const at = Number(window.sessionStorage.getItem(reloadFlag));
    return Number.isFinite(at) && Date.now() - at < reloadWindowMs;
  } catch {
    return true;
  }
}

function markReload(): void {
  try {
    window.sessionStorage.setItem(reloadFlag, String(Date.now()));
  } catch {
    // Without session storage we cannot remember a reload, so we never reload (see reloadedRecently).
  }
}

/**
 * Code fetched on demand (a page, a set of routes). When it fails to load (typically a new release
 * replaced the hashed files), the window reloads once to fetch the new build. The reload's time is kept
 * in session storage: a failure within a minute of it is thrown (to the route's error page, spec
 * section 2) instead of reloading again. The mark is a time, never cleared by a successful load:
 * another load that succeeds around the reload (the header's menu, say) would otherwise clear it, and
 * the window would reload a second time for the same failure.
 */
export async function loadOrReloadOnce<T>(load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (reloadedRecently()) throw error;
    markReload();
    window.location.reload();
    return new Promise<never>(() => {});
  }
}
