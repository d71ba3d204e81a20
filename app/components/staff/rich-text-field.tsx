import { useEffect, useRef, useState } from "react";
import type { RichTextCommand, RichTextHandle } from "~/browser/rich-text.client";
import { FieldError, FieldHint, fieldIds } from "~/components/form-field";

const TOOLS: Array<{ command: RichTextCommand; label: string }> = [
  { command: "bold", label: "Bold" },
  { command: "italic", label: "Italic" },
  { command: "h2", label: "Heading" },
  { command: "h3", label: "Subheading" },
  { command: "bulletList", label: "Bullets" },
  { command: "orderedList", label: "Numbers" },
  { command: "blockquote", label: "Quote" },
  { command: "link", label: "Link" },
];

/**
 * A body of HTML as progressive enhancement (issue 26; ADR 053). Without JavaScript it is a labelled
 * textarea of simple HTML that posts as it is. With JavaScript the editor library is imported on
 * demand (its own chunk, this page only), the textarea is hidden but stays in the form, and the
 * editor writes its HTML into it on every change, so the post is the same field either way.
 */
export function RichTextField({
  name,
  idName = name,
  label,
  hint,
  value,
  error,
  rows = 16,
}: {
  name: string;
  idName?: string;
  label: string;
  hint: string;
  value: string;
  error?: string;
  rows?: number;
}) {
  const ids = fieldIds(idName, hint, error);
  const labelId = `${ids.id}-label`;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const handle = useRef<RichTextHandle | null>(null);
  const [ready, setReady] = useState(false);
  const [, setTick] = useState(0);

  useEffect(() => {
    let gone = false;
    import("~/browser/rich-text.client")
      .then(({ mountRichText }) => {
        if (gone || !fieldRef.current || !hostRef.current) return;
        const attributes: Record<string, string> = {
          role: "textbox",
          "aria-multiline": "true",
          "aria-labelledby": labelId,
          class: "rich-text__surface prose",
        };
        if (ids.describedBy) attributes["aria-describedby"] = ids.describedBy;
        if (error) attributes["aria-invalid"] = "true";
        handle.current = mountRichText({
          host: hostRef.current,
          field: fieldRef.current,
          attributes,
          onChange: () => setTick((n) => n + 1),
        });
        setReady(true);
      })
      .catch(() => {
        // The library failed to load: the textarea stays, and the form works as without JavaScript.
      });
    return () => {
      gone = true;
      handle.current?.destroy();
      handle.current = null;
    };
    // The editor is mounted once per page; the server's answer to a post reloads the values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A pointer press on a tool leaves the caret in the text (the editor refocuses a frame later otherwise,
  // and a key typed in between would land on the button); keyboard users still reach the tools by Tab.
  const keepEditorFocus = (event: { preventDefault(): void }) => event.preventDefault();
  const run = (command: RichTextCommand) => {
    if (command === "link") {
      const href = window.prompt("Link address (https://…), or empty to remove the link");
      if (href === null) return;
      handle.current?.run("link", href.trim());
    } else handle.current?.run(command);
  };

  return (
    <div className="field rich-text">
      <label id={labelId} htmlFor={ids.id}>
        {label}
      </label>
      <FieldHint id={ids.hintId} hint={hint} />
      {ready ? (
        <div className="rich-text__tools" role="toolbar" aria-label={`${label}: formatting`}>
          {TOOLS.map((tool) => (
            <button
              key={tool.command}
              type="button"
              className="rich-text__tool"
              aria-pressed={handle.current?.isActive(tool.command) ?? false}
              onMouseDown={keepEditorFocus}
              onClick={() => run(tool.command)}
            >
              {tool.label}
            </button>
          ))}
        </div>
      ) : null}
      <div ref={hostRef} className="rich-text__host" hidden={!ready} />
      <textarea
        ref={fieldRef}
        id={ids.id}
        name={name}
        rows={rows}
        defaultValue={value}
        hidden={ready}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
      />
      <FieldError id={ids.errorId} error={error} />
    </div>
  );
}
