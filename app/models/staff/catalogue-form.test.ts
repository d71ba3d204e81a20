import { describe, expect, it } from "vitest";
import { BannerFormSchema, CreditPackFormSchema, majorUnitsText, minorUnitsOf } from "./catalogue-form";

describe("the catalogue's forms", () => {
  it("reads prices typed in major units as whole minor units, and writes them back", () => {
    expect(minorUnitsOf("45")).toBe(4500);
    expect(minorUnitsOf(" 44.5 ")).toBe(4450);
    expect(minorUnitsOf("$1,299.99")).toBe(129999);
    expect(minorUnitsOf("0.07")).toBe(7);
    for (const bad of ["", "ten", "4.555", "-3", "1e3", "4,5"]) expect(minorUnitsOf(bad), bad).toBeNull();
    expect(majorUnitsText(4507)).toBe("45.07");
  });

  it("refuses a free, negative or runaway price and lengths outside the stored ranges", () => {
    const pack = (fields: Record<string, string>) =>
      CreditPackFormSchema.safeParse({ id: "five-classes", price: "45", credits: "5", validDays: "90", onSale: "on", ...fields });
    expect(pack({}).success).toBe(true);
    expect(pack({ price: "0" }).success).toBe(false);
    expect(pack({ price: "10000.01" }).success).toBe(false);
    expect(pack({ price: "10000" }).success).toBe(true);
    expect(pack({ credits: "0" }).success).toBe(false);
    expect(pack({ validDays: "731" }).success).toBe(false);
    expect(pack({ onSale: "" }).data?.onSale).toBe(false);
  });

  it("keeps the banner's link on this site and its text on one line", () => {
    const banner = (fields: Record<string, string>) =>
      BannerFormSchema.safeParse({ text: "News", linkLabel: "More", href: "/gift", active: "on", ...fields });
    expect(banner({ text: "  Two\n  lines  " }).data?.text).toBe("Two lines");
    for (const href of ["javascript:alert(1)", "//evil.example", "/\\evil.example", "https://evil.example", "gift", "/a b"])
      expect(banner({ href }).success, href).toBe(false);
    expect(banner({ href: "/studios/brooklyn?x=1#top" }).success).toBe(true);
    expect(banner({ text: "" }).success).toBe(false);
    expect(banner({ text: "x".repeat(161) }).success).toBe(false);
  });
});
