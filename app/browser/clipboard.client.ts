/** §8: copies text, calling the success callback on success and the error callback on failure. */
export async function copyToClipboard(
  text: string,
  callbacks: { onSuccess?: () => void; onError?: (error: unknown) => void } = {},
): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
    } else {
      // Older browsers: a hidden textarea and the legacy copy command.
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.append(area);
      area.select();
      const copied = document.execCommand("copy");
      area.remove();
      if (!copied) throw new Error("Copy command was refused");
    }
    callbacks.onSuccess?.();
    return true;
  } catch (error) {
    callbacks.onError?.(error);
    return false;
  }
}
