/**
 * The JSON envelope of every /api/v1 response (R-D3) and the user as the API shows it. The schemas are in
 * schemas/responses/; these are their types.
 */
export type { ApiFailure, ApiResponse, ApiSuccess, Pagination } from './schemas/responses/envelope';
export type { PublicUser } from './schemas/responses/account';
export type { LoginResult } from './schemas/responses/auth';
