/** The look of a response body's box, in API Test and in Try it: scrolling, framed, dimmed while a call runs. */
export const responseBoxSx = (running: boolean) => ({
  overflow: 'auto',
  borderRadius: 1,
  bgcolor: 'action.hover',
  border: 1,
  borderColor: 'divider',
  opacity: running ? 0.6 : 1,
  transition: 'opacity 120ms',
});
