import { DEFAULT_PARAMETERS, ERROR_CATALOGUE, SUCCESS_CODE } from '@namebourse/contract';
import { HttpResponse, http } from 'msw';
import { type PublicParameterValues, SHOWN_PUBLIC_PARAMETERS } from './public-parameters.ts';

/**
 * Web tests: the server's answer to `GET /api/parameters/public`. `publicParametersHandler()` answers the registry's
 * defaults (what a fresh server says); pass changed values to see a page follow them, or `null` for a failure.
 */
export const PUBLIC_PARAMETERS_URL = '/api/parameters/public';

export function publicParameterValues(changes: Partial<PublicParameterValues> = {}): PublicParameterValues {
  const values = Object.fromEntries(SHOWN_PUBLIC_PARAMETERS.map((key) => [key, DEFAULT_PARAMETERS[key]]));
  return { ...(values as PublicParameterValues), ...changes };
}

export function publicParametersHandler(changes: Partial<PublicParameterValues> | null = {}) {
  return http.get(PUBLIC_PARAMETERS_URL, () =>
    changes === null
      ? HttpResponse.json(
          {
            code: 'Request.Failed',
            message: ERROR_CATALOGUE['Request.Failed']['en-US'],
            data: null,
            traceId: 'test-trace',
          },
          { status: 500 },
        )
      : HttpResponse.json({ code: SUCCESS_CODE, message: 'success', data: publicParameterValues(changes) }),
  );
}
