import { API_BASE } from '@/config/env';
import { pb } from './pocketbase';

export type ApiBody = {
  success?: boolean;
  error?: string;
  details?: string;
  [key: string]: unknown;
};

/** A failed product API call. status is undefined when no response arrived. */
export class ApiError extends Error {
  status?: number;
  body?: ApiBody;
  constructor(message: string, status?: number, body?: ApiBody) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
  }
}

export const NO_RESPONSE_MESSAGE = 'Could not connect to the server. Please check if the server is running.';

/** The message of a failed call: the server's error, else a description of the status. */
export function apiErrorMessage(status: number | undefined, body: ApiBody | undefined): string {
  if (body && typeof body.error === 'string' && body.error.trim()) return body.error;
  if (status === undefined) return NO_RESPONSE_MESSAGE;
  return `Request failed with status ${status}`;
}

export function apiUrl(path: string): string {
  return `${API_BASE}${path}`;
}

/** Calls the product API with the user's bearer token and JSON; throws ApiError on failure. */
export async function apiRequest<T extends ApiBody>(
  path: string,
  options: { method?: string; body?: unknown } = {},
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers: {
        Authorization: `Bearer ${pb.authStore.token}`,
        'Content-Type': 'application/json',
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(NO_RESPONSE_MESSAGE);
  }
  let body: ApiBody | undefined;
  try {
    body = (await response.json()) as ApiBody;
  } catch {
    body = undefined;
  }
  if (!response.ok || !body || body.success === false) {
    throw new ApiError(apiErrorMessage(response.status, body), response.status, body);
  }
  return body as T;
}
