import { expect, test } from "../support/test";

/** The front door's answers to writes from other sites, and to members. */

for (const path of ["/about", "/blog", "/mental-detox-ebook", "/no-such-page"]) {
  test(`a cross-site POST to ${path} is refused calmly with 403, not a server error`, async ({ request }) => {
    const response = await request.post(path, {
      headers: { Origin: "https://elsewhere.example", "Content-Type": "application/x-www-form-urlencoded" },
      data: "email=someone%40example.com",
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
    expect(response.headers()["cache-control"]).toBe("no-store");
    const body = await response.text();
    expect(body).toContain("That request was refused");
    expect(body).not.toMatch(/Error:|at .*\(|x-forwarded-host/i);
  });
}

test("an unreadable Origin is refused too, never a 500", async ({ request }) => {
  for (const origin of ["null", "not a url", "http://[::1"]) {
    const response = await request.post("/about", { headers: { Origin: origin }, data: "x=1" });
    expect(response.status()).toBe(403);
  }
});

test("a same-origin form post still works, and a POST to a page without an action is 405", async ({ request, baseURL }) => {
  const sent = await request.post("/mental-detox-ebook", {
    headers: { Origin: baseURL!, "Content-Type": "application/x-www-form-urlencoded" },
    data: `email=front-door-${Date.now()}%40example.com&website=`,
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(302);
  const noAction = await request.post("/about", { headers: { "Content-Type": "application/x-www-form-urlencoded" }, data: "x=1" });
  expect(noAction.status()).toBe(405);
});
