/** A friendly block for "nothing here yet": an icon, a title, a sentence, and the action that fixes it. */
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  action?: ReactNode;
  /** h1 when the empty state is the whole page (not found), h2 inside a page. */
  headingLevel?: 'h1' | 'h2';
}

export function EmptyState({ icon, title, children, action, headingLevel = 'h2' }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', borderStyle: 'dashed' }}>
      <Box sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 48 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h2" component={headingLevel} gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: action ? 3 : 0 }}>
        {children}
      </Typography>
      {action}
    </Paper>
  );
}
