import QRCode from "qrcode";
import { checkInPayload } from "./studio";

/**
 * A ticket's check-in code as a QR code (issue 12), drawn on the server by the maintained `qrcode`
 * library: an SVG string for the ticket page and the e-mail, no outside service and no script.
 */
export function checkInQrSvg(code: string): Promise<string> {
  return QRCode.toString(checkInPayload(code), {
    type: "svg",
    errorCorrectionLevel: "M",
    margin: 2,
    color: { dark: "#111111", light: "#ffffff" },
  });
}
