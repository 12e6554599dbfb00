// The one declaration of who may call a route, shared with the services behind the gateway.
export { REQUIRED_ROLES, Roles } from '@booking/nest-kit';
