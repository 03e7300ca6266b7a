import type { DataProvider, Identifier, RaRecord } from 'react-admin';
import { apiFetch, type QueryValue } from '../httpClient';
import { endpointsFor, type ResourceApi, type ResourceEndpoints } from './endpoints';

interface Paged<T> {
  data: T[];
  total: number;
  page: number;
  per_page: number;
}

const path = (e: ResourceEndpoints, action: 'list' | 'get' | 'create' | 'update' | 'delete') =>
  e[action] ?? `${e.base}/${action}`;

function scalarFilter(filter: Record<string, unknown>): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = {};
  for (const [key, value] of Object.entries(filter)) {
    if (value === undefined || value === null || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      query[key] = value;
  }
  return query;
}

async function deleteOne(e: ResourceEndpoints, id: Identifier) {
  const style = e.deleteStyle ?? 'query-id';
  const fallback = e.messages?.delete;
  if (style === 'query-id')
    return apiFetch(path(e, 'delete'), {
      method: 'DELETE',
      query: { id: String(id) },
      fallback,
      failOnErrorFlag: true,
    });
  const body = style === 'body-id' ? { id } : { ids: [id] };
  return apiFetch(path(e, 'delete'), { method: 'DELETE', body, fallback, failOnErrorFlag: true });
}

/**
 * react-admin's CRUD methods over the Storeline API, for the registered resources (each declares its endpoints in its folder's index.ts).
 * Lists are paged server-side (`page`, `per_page`, `sort`, `order` plus the filter); every call
 * goes through httpClient, so errors carry the server's message or the spec's fallback.
 */
export function crudMethods(resources: readonly ResourceApi[]): DataProvider {
  const methods: DataProvider = {
    async getList<T extends RaRecord>(resource: string, params: Parameters<DataProvider['getList']>[1]) {
      const e = endpointsFor(resources, resource);
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const filter = (params.filter ?? {}) as Record<string, unknown>;
      const query: Record<string, QueryValue> = {
        page,
        per_page: perPage,
        ...(params.sort?.field ? { sort: params.sort.field, order: params.sort.order.toLowerCase() } : {}),
        ...(e.listQuery ? e.listQuery(filter) : scalarFilter(filter)),
      };
      const result = await apiFetch<Paged<T>>(path(e, 'list'), { query });
      return { data: result.data, total: result.total };
    },

    async getOne<T extends RaRecord>(resource: string, params: Parameters<DataProvider['getOne']>[1]) {
      const e = endpointsFor(resources, resource);
      const data = await apiFetch<T>(path(e, 'get'), { query: { id: String(params.id) } });
      return { data };
    },

    async getMany<T extends RaRecord>(resource: string, params: Parameters<DataProvider['getMany']>[1]) {
      const e = endpointsFor(resources, resource);
      const data = await Promise.all(
        params.ids.map((id) => apiFetch<T>(path(e, 'get'), { query: { id: String(id) } })),
      );
      return { data };
    },

    async getManyReference<T extends RaRecord>(
      resource: string,
      params: Parameters<DataProvider['getManyReference']>[1],
    ) {
      const { data, total } = await methods.getList<T>(resource, {
        ...params,
        filter: { ...params.filter, [params.target]: params.id },
      });
      return { data, total };
    },

    async create<T extends RaRecord>(resource: string, params: Parameters<DataProvider['create']>[1]) {
      const e = endpointsFor(resources, resource);
      const data = await apiFetch<T>(path(e, 'create'), {
        method: 'POST',
        body: params.data,
        fallback: e.messages?.create,
      });
      return { data };
    },

    async update<T extends RaRecord>(resource: string, params: Parameters<DataProvider['update']>[1]) {
      const e = endpointsFor(resources, resource);
      const data = await apiFetch<T>(path(e, 'update'), {
        method: e.updateMethod ?? 'PUT',
        body: { ...params.data, id: params.id },
        fallback: e.messages?.update,
      });
      return { data };
    },

    async updateMany(resource, params) {
      await Promise.all(
        params.ids.map((id) => methods.update(resource, { id, data: params.data, previousData: { id } })),
      );
      return { data: params.ids };
    },

    async delete<T extends RaRecord>(resource: string, params: Parameters<DataProvider['delete']>[1]) {
      await deleteOne(endpointsFor(resources, resource), params.id);
      return { data: (params.previousData ?? { id: params.id }) as T };
    },

    async deleteMany(resource, params) {
      const e = endpointsFor(resources, resource);
      if (e.deleteStyle === 'body-ids') {
        await apiFetch(path(e, 'delete'), {
          method: 'DELETE',
          body: { ids: params.ids },
          fallback: e.messages?.delete,
          failOnErrorFlag: true,
        });
      } else {
        for (const id of params.ids) await deleteOne(e, id);
      }
      return { data: params.ids };
    },
  };
  return methods;
}
