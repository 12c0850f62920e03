/**
 * "Skip to content": the first Tab stop of every shell screen, hidden until focused. It moves focus to
 * <main> (WCAG 2.4.1 Bypass Blocks) without touching the URL's hash, which the documentation uses for anchors.
 */
import { styled } from '@mui/material/styles';

export const MAIN_ID = 'main';

const Link = styled('a')(({ theme }) => {
  const v = theme.vars ?? theme;
  return {
    position: 'absolute',
    left: theme.spacing(1),
    top: theme.spacing(1),
    zIndex: theme.zIndex.tooltip + 1,
    padding: theme.spacing(1, 2),
    borderRadius: theme.shape.borderRadius,
    background: v.palette.primary.main,
    color: v.palette.primary.contrastText,
    fontWeight: 600,
    textDecoration: 'none',
    // Off screen until focused, but still in the tab order and read by screen readers.
    transform: 'translateY(-200%)',
    '&:focus': { transform: 'none' },
  };
});

export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_ID)?.focus();
      }}
    >
      Skip to content
    </Link>
  );
}
