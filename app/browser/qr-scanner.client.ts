/**
 * The front desk's camera scanner (issue 12), loaded only when the browser offers a barcode detector
 * and staff press "Scan with the camera". Reads QR codes from the back camera a few times a second
 * and hands the first value it sees to `onCode`; returns a function that stops the camera.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => BarcodeDetectorLike;

export async function startScanner(video: HTMLVideoElement, onCode: (value: string) => void): Promise<() => void> {
  const Detector = (window as unknown as { BarcodeDetector: BarcodeDetectorConstructor }).BarcodeDetector;
  const detector = new Detector({ formats: ["qr_code"] });
  const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
  video.srcObject = stream;
  video.setAttribute("playsinline", "");
  await video.play();
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const stop = () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  const tick = async () => {
    if (stopped) return;
    try {
      const [found] = await detector.detect(video);
      if (found?.rawValue) {
        stop();
        onCode(found.rawValue);
        return;
      }
    } catch {
      // A frame that can't be read yet (the camera warming up): try the next one.
    }
    timer = setTimeout(tick, 250);
  };
  void tick();
  return stop;
}
