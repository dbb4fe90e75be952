/** Where the session keeps its access token (localStorage); see ./api-url.ts for why it stands alone. */
export const TOKEN_STORAGE_KEY = 'access_token';
