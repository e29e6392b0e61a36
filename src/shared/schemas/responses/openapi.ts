import { z } from 'zod';

/** The registered media type of an OpenAPI document as JSON: the document itself, not in the success envelope. */
export const OPENAPI_JSON = 'application/vnd.oai.openapi+json';

/** GET /admin/openapi.json (decision 115). */
export const openApiDocumentReply = {
  description: 'The whole OpenAPI 3 document of the API, the admin operations included (the one at /api/docs/json leaves them out).',
  content: { [OPENAPI_JSON]: { schema: z.custom<string>(() => true).meta({ type: 'object', description: 'An OpenAPI 3.0 document.' }) } },
};
