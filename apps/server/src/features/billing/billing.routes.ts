import { endpoints } from '@mailwright/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { route } from '../../http/route.ts';
import * as catalogue from './catalogue.service.ts';
import * as customers from './customer-billing.service.ts';
import * as items from './items.service.ts';

const api = endpoints.billingCatalogue;

/** The billing catalogue (issue 14 part 1): tiers, add-ons, billing items and a customer's billing settings. */
export function registerBillingCatalogueRoutes(app: FastifyInstance, deps: Deps) {
  route(app, deps, api.tiers, ({ auth, query }) => catalogue.listTiers(deps, auth, query));
  route(app, deps, api.createTier, ({ body }) => catalogue.createTier(deps, body));
  route(app, deps, api.updateTier, ({ params, body }) => catalogue.updateTier(deps, params.btid, body));
  route(app, deps, api.retireTier, ({ params, body }) => catalogue.retireTier(deps, params.btid, body.retired));
  route(app, deps, api.addons, ({ auth, query }) => catalogue.listAddons(deps, auth, query));
  route(app, deps, api.createAddon, ({ body }) => catalogue.createAddon(deps, body));
  route(app, deps, api.updateAddon, ({ params, body }) => catalogue.updateAddon(deps, params.baid, body));
  route(app, deps, api.retireAddon, ({ params, body }) => catalogue.retireAddon(deps, params.baid, body.retired));
  route(app, deps, api.deleteAddon, ({ params }) => catalogue.deleteAddon(deps, params.baid));

  route(app, deps, api.items, ({ query }) => items.listItems(deps, query));
  route(app, deps, api.createItem, ({ body }) => items.createItem(deps, body));
  route(app, deps, api.item, ({ params }) => items.getItem(deps, params.biid));
  route(app, deps, api.updateItem, ({ params, body }) => items.updateItem(deps, params.biid, body));
  route(app, deps, api.deleteItem, ({ params }) => items.deleteItem(deps, params.biid));

  route(app, deps, api.customer, ({ params }) => customers.getCustomerBilling(deps, params.cid));
  route(app, deps, api.setTax, ({ params, body }) => customers.setTax(deps, params.cid, body));
  route(app, deps, api.setTier, ({ params, body }) => customers.setTier(deps, params.cid, body));
  route(app, deps, api.addCustomerAddon, ({ params, body }) => customers.addCustomerAddon(deps, params.cid, body));
  route(app, deps, api.updateCustomerAddon, ({ params, body }) =>
    customers.updateCustomerAddon(deps, params.cid, params.caid, body),
  );
  route(app, deps, api.removeCustomerAddon, ({ params }) =>
    customers.removeCustomerAddon(deps, params.cid, params.caid),
  );
}
