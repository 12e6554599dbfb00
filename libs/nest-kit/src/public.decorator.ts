import { SetMetadata } from '@nestjs/common';

export const PUBLIC_ROUTE = 'booking:public';

/** Reached without a token (health, OpenAPI, the signed payment webhook). */
export const Public = () => SetMetadata(PUBLIC_ROUTE, true);
