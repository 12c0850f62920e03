/**
 * The seed's choices (API, domain, order type, list or detail) as a view over the spec's operations: each
 * change picks an operationId. When a domain holds more than one call of a kind (a product and its
 * stock), an Operation menu names them.
 */
import { useState, type Ref } from 'react';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { domainsOfFamily, FAMILY, familiesFirst, type ApiFamily } from '../../../../shared/api-family';
import { domainLabel } from '../../../lib/api-domains';
import {
  choiceOf,
  findOperation,
  operationsFor,
  orderTypesFor,
  type Mode,
  type OperationChoice,
  type OrderType,
  type TesterOperation,
  type TesterOperations,
} from '../lib/operations';
import { ChoiceToggle } from './choice-toggle';

const MODES: { value: Mode; label: string }[] = [
  { value: 'list', label: 'Get List' },
  { value: 'detail', label: 'Get Detail' },
];
const ORDER_TYPE_LABELS: Record<OrderType, string> = { normal: 'Normal', return: 'Return' };

interface CallChoicesProps {
  operations: TesterOperations;
  family: ApiFamily;
  /** The user's own API: listed first. */
  userFamily: ApiFamily;
  operation: TesterOperation | undefined;
  onFamily: (family: ApiFamily) => void;
  /** A new call chosen; `choice.domain` names the domain even when it has no call of the kind chosen. */
  onOperation: (operation: TesterOperation | undefined) => void;
  domainRef: Ref<HTMLInputElement>;
  domainError: string | null;
  /** Marks the domains the chosen token cannot read. */
  outsideAccess: (domain: string) => boolean;
}

export function CallChoices({ operations, family, userFamily, operation, onFamily, onOperation, domainRef, domainError, outsideAccess }: CallChoicesProps) {
  // List or detail (and the order type) may be chosen before the domain: held here until a call is.
  const [draft, setDraft] = useState<Pick<OperationChoice, 'mode' | 'orderType'>>({ mode: 'list', orderType: 'normal' });
  const choice: OperationChoice = operation ? choiceOf(operation) : { family, domain: '', ...draft };
  const domains = domainsOfFamily(operations.list, family);
  const orderTypes = choice.domain ? orderTypesFor(operations.list, family, choice.domain) : [];
  const offered = choice.domain ? operationsFor(operations.list, choice) : [];
  // Another choice keeps the kind of call where the domain has one (a domain without details opens its list).
  const choose = (patch: Partial<OperationChoice>) => {
    const next = { ...choice, ...patch };
    setDraft({ mode: next.mode, orderType: next.orderType });
    if (!next.domain) return;
    onOperation(findOperation(operations.list, next) ?? findOperation(operations.list, { ...next, mode: 'list' }));
  };
  let domainHelp = `Resources of the ${FAMILY[family].apiName}`;
  if (domainError) domainHelp = domainError;
  else if (choice.domain && outsideAccess(choice.domain)) domainHelp = `Not in this token's access: the call will answer 403.`;

  return (
    <>
      <ChoiceToggle
        id="tester-api"
        label="API"
        value={family}
        options={familiesFirst(userFamily).map((each) => ({ value: each, label: FAMILY[each].apiName }))}
        onChange={onFamily}
      />
      <TextField
        select
        label="Domain"
        value={choice.domain}
        inputRef={domainRef}
        onChange={(event) => choose({ domain: event.target.value })}
        error={domainError !== null}
        helperText={domainHelp}
        slotProps={{
          inputLabel: { shrink: true },
          select: { displayEmpty: true, renderValue: (value) => (value ? domainLabel(String(value)) : 'Choose a domain') },
        }}
      >
        {domains.map((domain) => (
          <MenuItem key={domain} value={domain}>
            <ListItemText
              primary={domainLabel(domain)}
              secondary={outsideAccess(domain) ? "not in this token's access" : undefined}
              slotProps={{ primary: { variant: 'body1' } }}
              sx={{ my: 0 }}
            />
          </MenuItem>
        ))}
      </TextField>
      {orderTypes.length > 0 ? (
        <ChoiceToggle
          id="tester-order-type"
          label="Order type"
          value={choice.orderType}
          options={orderTypes.map((value) => ({ value, label: ORDER_TYPE_LABELS[value] }))}
          onChange={(orderType) => choose({ orderType })}
        />
      ) : null}
      <ChoiceToggle id="tester-mode" label="Call" value={choice.mode} options={MODES} onChange={(mode) => choose({ mode })} />
      {offered.length > 1 && operation ? (
        <TextField select label="Operation" value={operation.operationId} onChange={(event) => onOperation(operations.byId.get(event.target.value))}>
          {offered.map((op) => (
            <MenuItem key={op.operationId} value={op.operationId}>
              {op.summary}
            </MenuItem>
          ))}
        </TextField>
      ) : null}
    </>
  );
}
