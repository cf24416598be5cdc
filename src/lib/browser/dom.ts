/**
 * A few lines of DOM building for the screens drawn without React (the order screens, the desk's
 * queue): a guest opening the mail link on a phone waits for no framework before the order is on screen.
 */
type Child = Node | string | false | null | undefined;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  element.append(...children.filter((child): child is Node | string => child !== false && child !== null && child !== undefined));
  return element;
}

/**
 * Resolves in a task of its own: a screen whose data is already in when its script has run draws
 * after the script's evaluation rather than in the same task, so neither holds a slow phone's main
 * thread long enough to delay a tap.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
