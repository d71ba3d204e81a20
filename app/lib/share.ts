/**
 * §2 and §9 share links: about thirty outside services, each filled from the address, title,
 * description, quote, hashtags, media and a twitter user. Pure, so it runs on the server (plain links
 * without JavaScript) and in the browser (the popup).
 */
export interface ShareContent {
  url: string;
  title?: string;
  description?: string;
  quote?: string;
  hashtags?: string[];
  media?: string;
  twitterUser?: string;
}

export interface ShareOptions {
  /** iOS wants `sms:&body=` where other systems take `sms:?body=`. */
  isIOS?: boolean;
}

const e = encodeURIComponent;
const lines = (...parts: Array<string | undefined>) => e(parts.filter((p) => p && p.trim()).join("\r\n"));
const query = (base: string, params: Record<string, string | undefined>) => {
  const pairs = Object.entries(params).flatMap(([key, value]) => (value === undefined || value === "" ? [] : [`${key}=${e(value)}`]));
  return pairs.length ? `${base}${base.includes("?") ? "&" : "?"}${pairs.join("&")}` : base;
};

type Builder = (
  c: Required<Omit<ShareContent, "twitterUser" | "media">> & Pick<ShareContent, "twitterUser" | "media">,
  o: ShareOptions,
) => string;

const NETWORKS = {
  baidu: (c) => query("https://cang.baidu.com/do/add", { iu: c.url, it: c.title }),
  bluesky: (c) => `https://bsky.app/intent/compose?text=${lines(c.title, c.url)}`,
  buffer: (c) => query("https://buffer.com/add", { text: c.title, url: c.url }),
  digg: (c) => query("https://digg.com/submit", { url: c.url, title: c.title }),
  email: (c) => `mailto:?subject=${e(c.title)}&body=${lines(c.url, c.description)}`,
  evernote: (c) => query("https://www.evernote.com/clip.action", { url: c.url, title: c.title }),
  // §9: Facebook takes only the first hashtag.
  facebook: (c) =>
    query("https://www.facebook.com/sharer/sharer.php", {
      u: c.url,
      title: c.title,
      description: c.description,
      quote: c.quote,
      hashtag: c.hashtags[0] ? `#${c.hashtags[0]}` : undefined,
    }),
  flipboard: (c) => query("https://share.flipboard.com/bookmarklet/popout", { v: "2", url: c.url, title: c.title }),
  hackernews: (c) => query("https://news.ycombinator.com/submitlink", { u: c.url, t: c.title }),
  instapaper: (c) => query("https://www.instapaper.com/edit", { url: c.url, title: c.title, description: c.description }),
  line: (c) => `https://line.me/R/msg/text/?${lines(c.title, c.url, c.description)}`,
  linkedin: (c) => query("https://www.linkedin.com/sharing/share-offsite/", { url: c.url }),
  messenger: (c) => query("fb-messenger://share/", { link: c.url }),
  odnoklassniki: (c) => query("https://connect.ok.ru/dk", { "st.cmd": "WidgetSharePreview", "st.shareUrl": c.url }),
  pinterest: (c) => query("https://pinterest.com/pin/create/button/", { url: c.url, media: c.media, description: c.title }),
  pocket: (c) => query("https://getpocket.com/save", { url: c.url, title: c.title }),
  quora: (c) => query("https://www.quora.com/share", { url: c.url, title: c.title }),
  reddit: (c) => query("https://www.reddit.com/submit", { url: c.url, title: c.title }),
  skype: (c) => `https://web.skype.com/share?url=${lines(c.title, c.url, c.description)}`,
  sms: (c, o) => `sms:${o.isIOS ? "&" : "?"}body=${lines(c.title, c.url, c.description)}`,
  telegram: (c) => query("https://t.me/share/url", { url: c.url, text: [c.title, c.description].filter(Boolean).join("\r\n") }),
  threads: (c) => `https://www.threads.net/intent/post?text=${lines(c.title, c.url)}`,
  tumblr: (c) =>
    query("https://www.tumblr.com/widgets/share/tool", {
      canonicalUrl: c.url,
      title: c.title,
      caption: c.description,
      tags: c.hashtags.join(","),
    }),
  twitter: (c) =>
    query("https://twitter.com/intent/tweet", {
      text: c.title,
      url: c.url,
      hashtags: c.hashtags.join(","),
      via: c.twitterUser?.replace(/^@/, ""),
    }),
  viber: (c) => `viber://forward?text=${lines(c.title, c.url, c.description)}`,
  vk: (c) => query("https://vk.com/share.php", { url: c.url, title: c.title, description: c.description, image: c.media, noparse: "true" }),
  weibo: (c) => query("https://service.weibo.com/share/share.php", { url: c.url, title: c.title, pic: c.media }),
  whatsapp: (c) => `https://api.whatsapp.com/send?text=${lines(c.title, c.url, c.description)}`,
  wordpress: (c) => query("https://wordpress.com/press-this.php", { u: c.url, t: c.title, s: c.description, i: c.media }),
  xing: (c) => query("https://www.xing.com/spi/shares/new", { url: c.url }),
  yammer: (c) => `https://www.yammer.com/messages/new?login=true&status=${lines(c.title, c.url, c.description)}`,
} satisfies Record<string, Builder>;

export type ShareNetwork = keyof typeof NETWORKS;
export const SHARE_NETWORKS = Object.keys(NETWORKS) as ShareNetwork[];

/** Networks that open in the app itself rather than a web popup. */
export const DIRECT_LINK_NETWORKS: ReadonlySet<ShareNetwork> = new Set(["email", "sms", "messenger", "viber"]);

/** The share link for one network; an unknown network raises `Network {key} does not exist`. */
export function buildShareLink(network: string, content: ShareContent, options: ShareOptions = {}): string {
  if (!Object.prototype.hasOwnProperty.call(NETWORKS, network)) throw new Error(`Network ${network} does not exist`);
  const builder: Builder = NETWORKS[network as ShareNetwork];
  return builder(
    {
      url: content.url,
      title: content.title ?? "",
      description: content.description ?? "",
      quote: content.quote ?? "",
      hashtags: (content.hashtags ?? []).map((tag) => tag.replace(/^#/, "")).filter(Boolean),
      media: content.media,
      twitterUser: content.twitterUser,
    },
    options,
  );
}
