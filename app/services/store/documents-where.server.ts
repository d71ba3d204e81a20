import { z } from "zod";
import { getStore } from "./index.server";
import type { StoredDocument } from "./port.server";

const PAGE = 300;
const anyDocument = z.record(z.unknown());

/**
 * Every document of `collection` whose `field` equals `value`, read a page at a time (a person's
 * analytics can run to thousands). Documents failing `schema` are skipped, as the store's query does.
 */
export async function documentsWhere<S extends z.ZodTypeAny = typeof anyDocument>(
  collection: string,
  field: string,
  value: string,
  schema?: S,
): Promise<Array<StoredDocument<z.output<S>>>> {
  const docs: Array<StoredDocument<z.output<S>>> = [];
  let cursor: string | null = null;
  do {
    const page: { docs: Array<StoredDocument<z.output<S>>>; nextCursor: string | null } = await getStore().query(
      collection,
      (schema ?? anyDocument) as S,
      {
        where: [{ field, op: "==", value }],
        limit: PAGE,
        cursor,
      },
    );
    docs.push(...page.docs);
    cursor = page.nextCursor;
  } while (cursor);
  return docs;
}
