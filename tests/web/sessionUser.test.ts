// @vitest-environment node
// Pure logic: no DOM needed, so no jsdom to build for this file.
import { describe, expect, it } from 'vitest';
import { displayName } from '../../contract/personName';
import { findNode, toCascader } from '../../src/session/hierarchy';
import { toSessionUser } from '../../src/session/sessionUser';
import { operatorVerify, position, verifyData } from './fixtures';

describe('session user (spec §3)', () => {
  it('carries every field of spec §3', () => {
    const user = toSessionUser(
      verifyData({ avatar_url: '/api/profile/avatar/x' }),
      'tok',
      'Australia/Sydney',
    );
    for (const field of [
      'id',
      'firstname',
      'lastname',
      'username',
      'preferred_name',
      'avatar',
      'email',
      'theme',
      'isVerified',
      'permissions',
      'tenantId',
      'isAdminTenant',
      'position_list',
      'positionId',
      'token',
      'workspaceId',
      'workspaceNodeId',
      'timezone',
      'rawHierarchy',
      'cascaderHierarchy',
      'forceResetPassword',
    ]) {
      expect(user, field).toHaveProperty(field);
    }
    expect(user).toMatchObject({
      avatar: '/api/profile/avatar/x',
      theme: { primary: '#c62828', secondary: '#2f9e8f' },
      isVerified: true,
      tenantId: 'acme',
      isAdminTenant: false,
      token: 'tok',
      forceResetPassword: false,
    });
  });

  it('takes the workspace node from the selected position and the workspace id from the hierarchy', () => {
    const user = toSessionUser(
      verifyData({
        position_list: [
          position({ id: 10, node_id: 1, selected: false }),
          position({ id: 11, node_id: 5, selected: true }),
        ],
      }),
      'tok',
    );
    expect(user.positionId).toBe(11);
    expect(user.workspaceNodeId).toBe(5);
    expect(user.workspaceId).toBe(42);
  });

  it('has no workspace id for a position at a container', () => {
    const user = toSessionUser(
      verifyData({ position_list: [position({ node_id: 1, node_type: 'root' })] }),
      'tok',
    );
    expect(user.workspaceNodeId).toBe(1);
    expect(user.workspaceId).toBeNull();
  });

  it("uses the profile's time zone, else the browser's, with its locale and date format", () => {
    expect(toSessionUser(verifyData(), 'tok', 'America/Chicago').timezone).toEqual({
      timezone: 'America/Chicago',
      locale: 'en-US',
      dateFormat: 'MM/DD/YYYY',
    });
    const withProfile = verifyData({
      profile_data: [{ id: 1, field_id: 1, short_name: 'timezone', value: 'Europe/London' }],
    });
    expect(toSessionUser(withProfile, 'tok', 'America/Chicago').timezone.dateFormat).toBe('DD/MM/YYYY');
  });

  it("marks the admin tenant's users", () => {
    expect(toSessionUser(operatorVerify(), 'tok').isAdminTenant).toBe(true);
  });

  it('shows the preferred name, else first and last name', () => {
    expect(displayName({ preferred_name: 'Sammy', firstname: 'Sam', lastname: 'Staff' })).toBe('Sammy');
    expect(displayName({ preferred_name: ' ', firstname: 'Sam', lastname: 'Staff' })).toBe('Sam Staff');
  });
});

describe('hierarchy selection tree (spec §5)', () => {
  const tree = [
    {
      id: 1,
      object_id: null,
      name: 'Acme',
      type: 'root' as const,
      level: 0,
      status: 'active' as const,
      parent_id: null,
      children: [
        {
          id: 2,
          object_id: null,
          name: 'NSW',
          type: 'container' as const,
          level: 1,
          status: 'active' as const,
          parent_id: 1,
          children: [
            {
              id: 4,
              object_id: 40,
              name: 'Sydney',
              type: 'workspace' as const,
              level: 2,
              status: 'active' as const,
              parent_id: 2,
              children: [],
            },
            {
              id: 5,
              object_id: 50,
              name: 'Closed',
              type: 'workspace' as const,
              level: 2,
              status: 'inactive' as const,
              parent_id: 2,
              children: [],
            },
          ],
        },
        {
          id: 3,
          object_id: null,
          name: 'Empty',
          type: 'container' as const,
          level: 1,
          status: 'active' as const,
          parent_id: 1,
          children: [],
        },
        {
          id: 9,
          object_id: null,
          name: 'Unassigned',
          type: 'unassigned' as const,
          level: 1,
          status: 'active' as const,
          parent_id: 1,
          children: [],
        },
      ],
    },
  ];

  it('finds nodes anywhere in the tree', () => {
    expect(findNode(tree, 5)?.name).toBe('Closed');
    expect(findNode(tree, 99)).toBeUndefined();
  });

  it('keeps active workspaces, hides unassigned and disables empty containers by default', () => {
    const [root] = toCascader(tree);
    expect(root?.children?.map((c) => [c.label, c.disabled ?? false])).toEqual([
      ['NSW', false],
      ['Empty', true],
    ]);
    expect(root?.children?.[0]?.children?.map((c) => c.label)).toEqual(['Sydney']);
  });

  it('adds unassigned and inactive nodes and enables empty containers on request', () => {
    const [root] = toCascader(tree, {
      includeUnassigned: true,
      includeInactive: true,
      allowEmptyContainers: true,
    });
    expect(root?.children?.map((c) => c.label)).toEqual(['NSW', 'Empty', 'Unassigned']);
    expect(root?.children?.[1]?.disabled).toBeUndefined();
    expect(root?.children?.[0]?.children?.map((c) => c.label)).toEqual(['Sydney', 'Closed']);
  });

  it('leaves workspaces out of container pickers', () => {
    const [root] = toCascader(tree, { includeWorkspaces: false, allowEmptyContainers: true });
    expect(root?.children?.[0]?.children).toBeUndefined();
  });
});
