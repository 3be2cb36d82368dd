export const noTextMessage = 'No text provided to copy.';

export interface CopyEnvironment {
  clipboard?: Pick<Clipboard, 'writeText'>;
  document: Document;
}

/**
 * Copies text (a link to share, the in-app helper's link): the Clipboard API first; in-app browsers often lack it or refuse it, so a hidden, selected text
 * area and the copy command follow (docs/PRODUCT.md#states).
 */
export async function copyText(
  text: string,
  env: CopyEnvironment = { clipboard: navigator.clipboard, document },
): Promise<void> {
  if (!text) throw new Error(noTextMessage);
  if (env.clipboard) {
    try {
      await env.clipboard.writeText(text);
      return;
    } catch {
      // Refused (no permission, not focused): the text-area copy still works inside the click.
    }
  }
  const area = env.document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  // Off screen yet selectable: display:none or visibility:hidden would make select() copy nothing.
  area.style.position = 'fixed';
  area.style.top = '-1000px';
  area.style.opacity = '0';
  env.document.body.appendChild(area);
  try {
    area.focus();
    area.select();
    area.setSelectionRange(0, text.length);
    // execCommand is deprecated, but it is the only copy path older in-app browsers have.
    if (!env.document.execCommand('copy')) throw new Error('The browser refused to copy.');
  } finally {
    area.remove();
  }
}
