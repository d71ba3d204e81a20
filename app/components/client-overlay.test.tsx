import { renderToString } from "react-dom/server";
import { RouterProvider, createMemoryRouter } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { ClientOverlay } from "./client-overlay";

describe("ClientOverlay (§2)", () => {
  it("renders nothing on the server, even when open", () => {
    const router = createMemoryRouter([
      {
        path: "/",
        handle: { name: "home" },
        element: (
          <main>
            <ClientOverlay theme="dark" open onClose={() => undefined} label="Breathe with us">
              <p>Inside the overlay</p>
            </ClientOverlay>
          </main>
        ),
      },
    ]);
    const html = renderToString(<RouterProvider router={router} />);
    expect(html).toContain("<main>");
    expect(html).not.toContain("Inside the overlay");
    expect(html).not.toContain("client-overlay");
  });
});
