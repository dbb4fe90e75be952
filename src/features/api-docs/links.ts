import { V1_PREFIX } from '../../contract/public-api.ts';

/** The documents the server publishes beside the API (docs/product-rules.md#api-docs). */
export const OPENAPI_PATH = `${V1_PREFIX}/openapi.json`;
export const LLMS_PATH = `${V1_PREFIX}/llms.txt`;
/** Where tokens are made (signed in). */
export const TOKENS_PAGE = '/api-management';
