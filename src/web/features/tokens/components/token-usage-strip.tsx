/**
 * A token card's usage strip: calls in the last 7 days, a daily sparkline, the error rate, and a link to
 * the Usage screen filtered to the token. A token without calls says so.
 */
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { SparkLineChart } from '@mui/x-charts/SparkLineChart';
import { plural } from '../../../../shared/plural';
import { formatErrorRate, usageHref, useTokenUsage, useUsageFollowsLastUse } from '../../../lib/token-usage';

export function TokenUsageStrip({ tokenId, title, lastUsedDate }: { tokenId: number; title: string; lastUsedDate: string | null }) {
  const usage = useTokenUsage();
  useUsageFollowsLastUse(lastUsedDate);
  const mine = usage.data?.find((row) => row.tokenId === tokenId);
  const calls = mine?.calls ?? 0;
  return (
    <Box
      role="group"
      aria-label={`Usage of ${title} in the last 7 days`}
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap', px: 1.5, py: 1, borderRadius: 1, bgcolor: 'action.hover' }}
    >
      {usage.isPending ? (
        <Skeleton variant="text" width={180} />
      ) : calls === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No calls in the last 7 days.
        </Typography>
      ) : (
        <>
          <Typography variant="body2">
            <Box component="strong">{calls.toLocaleString()}</Box> {plural(calls, 'call')} in 7 days
          </Typography>
          <Box aria-hidden sx={{ width: 96, height: 28 }}>
            <SparkLineChart data={mine?.daily ?? []} height={28} width={96} area curve="linear" />
          </Box>
          <Typography variant="body2" color={mine && mine.errorRate > 0.05 ? 'error' : 'text.secondary'}>
            {formatErrorRate(mine?.errorRate ?? 0)} errors
          </Typography>
        </>
      )}
      <Link component={RouterLink} to={usageHref(tokenId)} variant="body2" sx={{ ml: 'auto' }}>
        View usage
      </Link>
    </Box>
  );
}
