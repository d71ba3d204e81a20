import { describe, expect, it } from "vitest";
import { SHARE_NETWORKS, buildShareLink } from "./share";

const content = {
  url: "https://stillhour.example/blog/breathing-for-sleep",
  title: "Breathing for sleep",
  description: "Three slow exercises for the end of the day.",
  quote: "Exhale longer than you inhale.",
  hashtags: ["sleep", "breathwork"],
  media: "https://stillhour.example/social-card.png",
  twitterUser: "@stillhour",
};

describe("share links", () => {
  it("knows about thirty services and builds a link for each", () => {
    expect(SHARE_NETWORKS.length).toBeGreaterThanOrEqual(28);
    for (const network of SHARE_NETWORKS) {
      const link = buildShareLink(network, content);
      expect(link, network).toMatch(/^(https?:|mailto:|sms:|fb-messenger:|viber:)/);
      expect(decodeURIComponent(link), network).toContain(content.url.replace("https://", ""));
    }
  });

  it("gives Facebook only the first hashtag", () => {
    const link = new URL(buildShareLink("facebook", content));
    expect(link.searchParams.get("hashtag")).toBe("#sleep");
    expect(link.searchParams.get("quote")).toBe(content.quote);
  });

  it("fills Twitter's text, hashtags and user", () => {
    const link = new URL(buildShareLink("twitter", content));
    expect(link.searchParams.get("hashtags")).toBe("sleep,breathwork");
    expect(link.searchParams.get("via")).toBe("stillhour");
  });

  it("uses the iOS sms format on iOS", () => {
    expect(buildShareLink("sms", content, { isIOS: true })).toMatch(/^sms:&body=/);
    expect(buildShareLink("sms", content)).toMatch(/^sms:\?body=/);
  });

  it("raises for an unknown network", () => {
    expect(() => buildShareLink("myspace", content)).toThrow("Network myspace does not exist");
    expect(() => buildShareLink("__proto__", content)).toThrow("Network __proto__ does not exist");
  });
});
