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
}

export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', borderStyle: 'dashed' }}>
      <Box sx={{ color: 'primary.main', mb: 1, '& svg': { fontSize: 48 } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h2" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 560, mx: 'auto', mb: action ? 3 : 0 }}>
        {children}
      </Typography>
      {action}
    </Paper>
  );
}
