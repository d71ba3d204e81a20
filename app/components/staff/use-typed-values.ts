import { useNavigation } from "@remix-run/react";
import { useRef } from "react";

/**
 * What the person typed, for a form whose post was refused before the server could read it all
 * (a body over its cap: issue 35). With JavaScript the form was sent by this page, so the sent
 * fields are still here: `valuesOf` reads them back and the form is shown as it was. Without
 * JavaScript (or when nothing was sent from here) the server's `fallback` stands: what arrived of
 * the body before the cut.
 */
export function useTypedValues<V>(result: { values: V; refused?: boolean } | undefined, fallback: V, valuesOf: (form: FormData) => V): V {
  const navigation = useNavigation();
  const sent = useRef<FormData | null>(null);
  if (navigation.formData) sent.current = navigation.formData;
  if (!result) return fallback;
  return result.refused && sent.current ? valuesOf(sent.current) : result.values;
}
