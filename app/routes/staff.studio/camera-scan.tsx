import { useEffect, useRef, useState } from "react";

/** The camera scanner, offered only where the browser has a barcode detector; typing the code always works. */
export function CameraScan({ onCode }: { onCode: (value: string) => void }) {
  const [available, setAvailable] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => {
    setAvailable(typeof window !== "undefined" && "BarcodeDetector" in window && Boolean(navigator.mediaDevices?.getUserMedia));
    return () => stop.current?.();
  }, []);
  if (!available) return null;
  const toggle = async () => {
    if (scanning) {
      stop.current?.();
      setScanning(false);
      return;
    }
    // The video element is always rendered (hidden until it scans), so it is there by the first click.
    const view = video.current;
    if (!view) return;
    setProblem(null);
    setScanning(true);
    try {
      const { startScanner } = await import("~/browser/qr-scanner.client");
      stop.current = await startScanner(view, (value) => {
        setScanning(false);
        onCode(value);
      });
    } catch {
      setScanning(false);
      setProblem("The camera didn't start. Allow camera access, or type the code instead.");
    }
  };
  return (
    <div className="desk-scan">
      <button type="button" className="button button--secondary desk-button" onClick={toggle} aria-pressed={scanning}>
        {scanning ? "Stop the camera" : "Scan with the camera"}
      </button>
      <video ref={video} hidden={!scanning} muted aria-label="Camera view for scanning a check-in code" />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
