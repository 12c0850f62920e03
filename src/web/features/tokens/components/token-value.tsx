/** The token itself, masked until shown, with copy (components/masked-value.tsx). */
import { MaskedValue } from '../../../components/masked-value';

export function TokenValue({ value }: { value: string }) {
  return <MaskedValue value={value} noun="token" label="Token value" />;
}
