// Moves keyboard focus to a skill's node once React Flow has drawn it (only visible nodes are in
// the page, so a node just scrolled into view appears a frame or two later).
export function focusWhenDrawn(root: HTMLElement | null, id: string, frames = 20) {
  const attempt = (left: number) => {
    const node = Array.from(root?.querySelectorAll<HTMLElement>('.react-flow__node') ?? []).find((element) => element.dataset.id === id);
    if (node) node.focus({ preventScroll: true });
    else if (left > 0) requestAnimationFrame(() => attempt(left - 1));
  };
  attempt(frames);
}
