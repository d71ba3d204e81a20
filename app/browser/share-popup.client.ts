/** §9: the share popup is 626×436, centred, and checked for closing every 500 ms. */
export const SHARE_POPUP = { width: 626, height: 436, closedCheckMs: 500 } as const;

/** Window features for a 626×436 popup centred on the current window. */
export function popupFeatures(screen: { left: number; top: number; width: number; height: number }): string {
  const left = Math.round(screen.left + (screen.width - SHARE_POPUP.width) / 2);
  const top = Math.round(screen.top + (screen.height - SHARE_POPUP.height) / 2);
  return `width=${SHARE_POPUP.width},height=${SHARE_POPUP.height},left=${left},top=${top},location=no,toolbar=no,menubar=no,scrollbars=yes,resizable=yes`;
}

export type SharePopupEvent = { type: "open" | "close" | "change"; network: string; open: boolean };

/**
 * §2: opens a centred 626×436 share popup, reports open, close and change events, and checks every
 * 500 ms whether the person closed it. Returns a function that stops watching (and closes it).
 */
export function openSharePopup(url: string, network: string, onEvent: (event: SharePopupEvent) => void): () => void {
  const features = popupFeatures({
    left: window.screenLeft ?? window.screenX ?? 0,
    top: window.screenTop ?? window.screenY ?? 0,
    width: window.outerWidth || window.innerWidth,
    height: window.outerHeight || window.innerHeight,
  });
  const popup = window.open(url, `share-${network}`, features);
  if (!popup) {
    // Blocked: fall back to a normal new tab so the person still gets there.
    window.open(url, "_blank", "noopener");
    return () => {};
  }
  try {
    popup.opener = null;
  } catch {
    // Some browsers refuse to change it; the popup is our own link either way.
  }
  onEvent({ type: "open", network, open: true });
  onEvent({ type: "change", network, open: true });
  const timer = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(timer);
    onEvent({ type: "close", network, open: false });
    onEvent({ type: "change", network, open: false });
  }, SHARE_POPUP.closedCheckMs);
  return () => {
    window.clearInterval(timer);
    if (!popup.closed) popup.close();
  };
}
