import SparkMD5 from "spark-md5";

/**
 * The analytics upload format (§3 upload fields, §7), shared by the browser's client and the server's
 * forwarder: one form body with `client`, `e` (a JSON list of events), `v`, `upload_time` and
 * `checksum` (MD5 of v + client + e + upload_time). Plain code, so the production build keeps it on
 * both sides (a `.client` module is emptied on the server).
 */

export const UPLOAD_VERSION = "2";
export const EVENT_PREFIX = "Web_";

export interface AnalyticsEventInput {
  event_type: string;
  time: number;
  insert_id: string;
  device_id: string;
  user_id?: string | null;
  event_properties?: Record<string, unknown>;
  user_properties?: Record<string, unknown>;
  productId?: string;
  price?: number;
  quantity?: number;
  revenue?: number;
}

export function uploadChecksum(v: string, client: string, e: string, uploadTime: string): string {
  return SparkMD5.hash(v + client + e + uploadTime);
}

/** The form body of one upload. */
export function uploadBody(apiKey: string, events: AnalyticsEventInput[], uploadTime: number): URLSearchParams {
  const e = JSON.stringify(events);
  const time = String(uploadTime);
  return new URLSearchParams({
    client: apiKey,
    e,
    v: UPLOAD_VERSION,
    upload_time: time,
    checksum: uploadChecksum(UPLOAD_VERSION, apiKey, e, time),
  });
}
