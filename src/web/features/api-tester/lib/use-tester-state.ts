/**
 * The tester's state: the call (operationId) and its parameter values in the URL, and the texts the form's
 * fields hold. Texts are kept here because the URL updates in a transition and an input bound to it would
 * drop keystrokes made before that lands. A path parameter reaches the URL as typed, a query parameter on
 * blur or when the call runs, and only once it is valid: a value outside the spec stays as typed and
 * marked, never replaced. When the URL changes a value (Previous/Next, an id link, History), that field
 * follows and the others keep what was typed: state adjusted during render, see react.dev "You might not
 * need an effect".
 */
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiFamily } from '../../../../shared/api-family';
import type { TesterOperation, TesterOperations } from './operations';
import { initialText, parameterProblem, type ParameterValues } from './parameter-values';
import { parseTesterState, testerStateToParams, type TesterState } from './tester-state';

function textsFor(operation: TesterOperation | undefined, values: ParameterValues): Record<string, string> {
  return Object.fromEntries((operation?.parameters ?? []).map((parameter) => [parameter.name, initialText(parameter, values[parameter.name])]));
}

export function useTesterState(operations: TesterOperations, userFamily: ApiFamily) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseTesterState(searchParams, operations, userFamily), [searchParams, operations, userFamily]);
  const operation = operations.byId.get(state.operationId ?? '');

  const [texts, setTexts] = useState(() => textsFor(operation, state.values));
  // The URL written from the fields themselves: when the URL changes to it, the texts already say what it says.
  const [typed, setTyped] = useState<string | null>(null);
  const [textsFrom, setTextsFrom] = useState(state);
  if (textsFrom !== state) {
    setTextsFrom(state);
    const fromUrl = textsFor(operation, state.values);
    if (textsFrom.operationId !== state.operationId) setTexts(fromUrl);
    else if (testerStateToParams(state, operations).toString() !== typed) {
      const changed = Object.keys(fromUrl).filter((name) => (textsFrom.values[name] ?? '') !== (state.values[name] ?? ''));
      if (changed.length > 0) setTexts((current) => ({ ...current, ...Object.fromEntries(changed.map((name) => [name, fromUrl[name] ?? ''])) }));
    }
  }

  /** A new state chosen by the screen (a call, a page, a history entry): the fields follow it. */
  const setState = (next: TesterState) => {
    setTyped(null);
    setSearchParams(testerStateToParams(next, operations), { replace: true });
  };
  /** The fields' own values reaching the URL: the fields keep what was typed. */
  const setTypedState = (next: TesterState) => {
    const params = testerStateToParams(next, operations);
    setTyped(params.toString());
    setSearchParams(params, { replace: true });
  };

  /** The typed texts that are valid, over the URL's values: what the URL and a call take. */
  const committedValues = (): ParameterValues => {
    if (!operation) return state.values;
    const valid = operation.parameters.filter((parameter) => parameterProblem(operation, parameter, texts[parameter.name] ?? '') === null);
    return { ...state.values, ...Object.fromEntries(valid.map((parameter) => [parameter.name, texts[parameter.name] ?? ''])) };
  };

  const setText = (name: string, text: string) => {
    setTexts((current) => ({ ...current, [name]: text }));
    const parameter = operation?.parameters.find((candidate) => candidate.name === name);
    if (!operation || parameter?.in !== 'path') return;
    const { [name]: _previous, ...others } = state.values;
    setTypedState({ ...state, values: parameterProblem(operation, parameter, text) === null && text !== '' ? { ...others, [name]: text } : others });
  };

  /** Writes the valid typed values into the URL (on blur). */
  const commit = () => {
    const values = committedValues();
    if (Object.keys(values).some((name) => values[name] !== state.values[name])) setTypedState({ ...state, values });
  };

  return { state, operation, texts, setText, setState, setTypedState, commit, committedValues };
}
