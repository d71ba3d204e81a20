import { useEffect, useRef, useState } from "react";
import { DIRECT_LINK_NETWORKS, SHARE_NETWORKS, buildShareLink, type ShareContent, type ShareNetwork } from "~/lib/share";
import { copyToClipboard } from "~/browser/clipboard.client";
import { openSharePopup, type SharePopupEvent } from "~/browser/share-popup.client";

const FEATURED: ShareNetwork[] = ["facebook", "twitter", "linkedin", "whatsapp", "bluesky", "email"];

const LABELS: Partial<Record<ShareNetwork, string>> = {
  twitter: "X (Twitter)",
  hackernews: "Hacker News",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  sms: "Text message",
  email: "Email",
  vk: "VK",
  odnoklassniki: "OK",
  wordpress: "WordPress",
};

function label(network: ShareNetwork): string {
  return LABELS[network] ?? network.charAt(0).toUpperCase() + network.slice(1);
}

/**
 * Share links for a page. Without JavaScript they are plain links that open in a new tab; with it,
 * web services open in a centred popup and a copy-link button appears.
 */
export function ShareLinks({ content, onEvent }: { content: ShareContent; onEvent?: (event: SharePopupEvent) => void }) {
  const [hydrated, setHydrated] = useState(false);
  const [isIOS, setIsIOS] = useState(false);
  const [status, setStatus] = useState("");
  const stopWatching = useRef<() => void>(() => {});

  useEffect(() => {
    setHydrated(true);
    setIsIOS(/iPad|iPhone|iPod/.test(navigator.userAgent));
    return () => stopWatching.current();
  }, []);

  const others = SHARE_NETWORKS.filter((network) => !FEATURED.includes(network));
  const link = (network: ShareNetwork) => {
    const href = buildShareLink(network, content, { isIOS });
    const direct = DIRECT_LINK_NETWORKS.has(network);
    return (
      <a
        href={href}
        target={direct ? undefined : "_blank"}
        rel={direct ? undefined : "noopener noreferrer"}
        className="share-links__link"
        data-network={network}
        onClick={(event) => {
          if (direct || !hydrated || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          stopWatching.current();
          stopWatching.current = openSharePopup(href, network, (e) => onEvent?.(e));
        }}
      >
        {label(network)}
        {direct ? null : <span className="visually-hidden"> (opens in a new window)</span>}
      </a>
    );
  };

  return (
    <section className="share-links" aria-label="Share this page">
      <h2 className="share-links__title">Share</h2>
      <ul className="share-links__list">
        {FEATURED.map((network) => (
          <li key={network}>{link(network)}</li>
        ))}
        {hydrated ? (
          <li>
            <button
              type="button"
              className="share-links__link share-links__copy"
              onClick={() =>
                copyToClipboard(content.url, {
                  onSuccess: () => setStatus("Link copied."),
                  onError: () => setStatus("Couldn't copy the link. You can copy it from the address bar."),
                })
              }
            >
              Copy link
            </button>
          </li>
        ) : null}
      </ul>
      <details className="share-links__more">
        <summary>More ways to share</summary>
        <ul className="share-links__list">
          {others.map((network) => (
            <li key={network}>{link(network)}</li>
          ))}
        </ul>
      </details>
      <p className="share-links__status" role="status" aria-live="polite">
        {status}
      </p>
    </section>
  );
}
