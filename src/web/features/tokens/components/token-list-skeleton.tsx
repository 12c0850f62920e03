/** Placeholder cards while the token list loads. */
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';

export function TokenListSkeleton({ count = 2 }: { count?: number }) {
  return (
    <Box role="status" aria-label="Loading tokens" sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, gap: 2 }}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} aria-hidden>
          <CardContent>
            <Skeleton variant="text" width="40%" height={32} />
            <Skeleton variant="text" width="70%" />
            <Skeleton variant="rounded" height={40} sx={{ my: 2 }} />
            <Skeleton variant="text" width="90%" />
            <Skeleton variant="rounded" width={180} height={30} sx={{ mt: 2 }} />
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}
