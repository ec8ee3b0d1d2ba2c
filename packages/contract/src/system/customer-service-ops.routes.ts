import { defineRoute } from '../route.ts';
import { customerServiceOpsCalls } from './customer-service-ops.calls.ts';
import {
  createCustomerServiceBodySchema,
  customerServiceIdParamsSchema,
  deleteCustomerServiceQuerySchema,
  opsCustomerServiceListSchema,
  opsCustomerServiceSchema,
  reorderCustomerServiceBodySchema,
  updateCustomerServiceBodySchema,
} from './customer-service-ops.schemas.ts';

const tags = ['operator', 'content'];

export const customerServiceOpsRoutes = {
  listCustomerServices: defineRoute(customerServiceOpsCalls.listCustomerServices, {
    summary:
      'Every customer-service entry, enabled or not, in the order the site shows them (content.manage)',
    tags,
    response: opsCustomerServiceListSchema,
  }),
  createCustomerService: defineRoute(customerServiceOpsCalls.createCustomerService, {
    summary: 'Add a customer-service entry, last in the order (content.manage; audited)',
    tags,
    body: createCustomerServiceBodySchema,
    response: opsCustomerServiceSchema,
  }),
  updateCustomerService: defineRoute(customerServiceOpsCalls.updateCustomerService, {
    summary: 'Edit, enable or disable a customer-service entry (content.manage; audited)',
    tags,
    params: customerServiceIdParamsSchema,
    body: updateCustomerServiceBodySchema,
    response: opsCustomerServiceSchema,
  }),
  deleteCustomerService: defineRoute(customerServiceOpsCalls.deleteCustomerService, {
    summary: 'Delete a customer-service entry (content.manage; audited)',
    tags,
    params: customerServiceIdParamsSchema,
    query: deleteCustomerServiceQuerySchema,
    response: opsCustomerServiceListSchema,
  }),
  reorderCustomerServices: defineRoute(customerServiceOpsCalls.reorderCustomerServices, {
    summary: 'Put the customer-service entries in a new order: every id once (content.manage; audited)',
    tags,
    body: reorderCustomerServiceBodySchema,
    response: opsCustomerServiceListSchema,
  }),
} as const;
