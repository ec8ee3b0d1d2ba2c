import type { RouteEntry } from '../route-entry.ts';

/** Customer-service entries in the back office (operator credential; `content.manage`). Schemas: customer-service-ops.routes.ts. */
export const customerServiceOpsCalls = {
  listCustomerServices: {
    id: 'system.ops.listCustomerServices',
    method: 'GET',
    path: '/ops/content/customer-service',
    auth: 'operator',
    enc: false,
  },
  createCustomerService: {
    id: 'system.ops.createCustomerService',
    method: 'POST',
    path: '/ops/content/customer-service',
    auth: 'operator',
    enc: false,
  },
  updateCustomerService: {
    id: 'system.ops.updateCustomerService',
    method: 'PUT',
    path: '/ops/content/customer-service/:id',
    auth: 'operator',
    enc: false,
  },
  deleteCustomerService: {
    id: 'system.ops.deleteCustomerService',
    method: 'DELETE',
    path: '/ops/content/customer-service/:id',
    auth: 'operator',
    enc: false,
  },
  reorderCustomerServices: {
    id: 'system.ops.reorderCustomerServices',
    method: 'POST',
    path: '/ops/content/customer-service/reorder',
    auth: 'operator',
    enc: false,
  },
} as const satisfies Record<string, RouteEntry>;
