import { Editor } from "@tiptap/core";
import StarterKit from "@tiptap/starter-kit";

/**
 * The staff editors' rich-text surface (issue 26; ADR 053): Tiptap over ProseMirror, limited to what
 * the article sanitizer keeps (paragraphs, h2-h4, lists, quotes, bold, italic, links, rules), so
 * what the editor shows is what the page shows. It writes its HTML into the form's own textarea on
 * every change: the post is the same plain form field with JavaScript on or off, and the server
 * sanitizes it on save and on render either way. Loaded only by a dynamic import from the staff
 * editing pages, so no public page carries it.
 */

export type RichTextCommand = "bold" | "italic" | "h2" | "h3" | "bulletList" | "orderedList" | "blockquote" | "link";

export interface RichTextHandle {
  run(command: RichTextCommand, href?: string): void;
  isActive(command: RichTextCommand): boolean;
  destroy(): void;
}

export function mountRichText(options: {
  host: HTMLElement;
  field: HTMLTextAreaElement;
  attributes: Record<string, string>;
  onChange: () => void;
}): RichTextHandle {
  const { host, field, attributes, onChange } = options;
  const editor = new Editor({
    element: host,
    content: field.value,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3, 4] },
        code: false,
        codeBlock: false,
        strike: false,
        underline: false,
        link: { openOnClick: false, autolink: true, protocols: ["mailto"], HTMLAttributes: { rel: null, target: null } },
      }),
    ],
    editorProps: { attributes },
    onUpdate: ({ editor: e }) => {
      field.value = e.isEmpty ? "" : e.getHTML();
      onChange();
    },
    onSelectionUpdate: onChange,
  });
  return {
    run(command, href) {
      const chain = editor.chain().focus();
      if (command === "bold") chain.toggleBold().run();
      else if (command === "italic") chain.toggleItalic().run();
      else if (command === "h2") chain.toggleHeading({ level: 2 }).run();
      else if (command === "h3") chain.toggleHeading({ level: 3 }).run();
      else if (command === "bulletList") chain.toggleBulletList().run();
      else if (command === "orderedList") chain.toggleOrderedList().run();
      else if (command === "blockquote") chain.toggleBlockquote().run();
      else if (command === "link")
        (href ? chain.extendMarkRange("link").setLink({ href }) : chain.extendMarkRange("link").unsetLink()).run();
    },
    isActive(command) {
      if (command === "h2") return editor.isActive("heading", { level: 2 });
      if (command === "h3") return editor.isActive("heading", { level: 3 });
      return editor.isActive(command);
    },
    destroy: () => editor.destroy(),
  };
}
