/** A signing secret, masked until shown, with copy (components/masked-value.tsx), as a token's value is. */
import { MaskedValue } from '../../../components/masked-value';

export function SecretValue({ value, initiallyShown = false }: { value: string; initiallyShown?: boolean }) {
  return <MaskedValue value={value} noun="secret" label="Signing secret" initiallyShown={initiallyShown} />;
}
