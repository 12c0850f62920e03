/**
 * Failures that are only logged, never shown, are logged here, with the operation
 * and the status but never a URL or a body, so token values in paths cannot reach the console.
 */
import { ApiError } from './api-error';

export function logError(operation: string, error: unknown): void {
  const status = error instanceof ApiError ? ` (HTTP ${error.status})` : '';
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${operation} failed${status}: ${message}`);
}
