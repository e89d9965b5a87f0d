/**
 * Sets an element's text. An element holding one text node keeps that node (React's, on a hydrated
 * page), so React and an island never hold two copies of the element's content.
 */
export function setText(element: Element, text: string): void {
  const node = element.firstChild;
  if (node && node.nodeType === Node.TEXT_NODE && !node.nextSibling) {
    if (node.nodeValue !== text) node.nodeValue = text;
  } else if (element.textContent !== text) element.textContent = text;
}
