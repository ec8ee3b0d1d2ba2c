import { describe, expect, it } from 'vitest';
import { pageTitle } from './page-title';

const messages: Record<string, string> = {
  'pageTitle.rng': 'Slots',
  'pageTitle.member': 'Central do membro',
  'pageTitle.agentHome': 'Central do agente',
  'pageTitle.notFound': 'Página não encontrada',
  'member.pages.withdraw': 'Saque',
  'agent.pages.agentTeamOverview': 'Visão geral da equipe',
};
const text = (key: string) => messages[key];

describe('pageTitle', () => {
  it('gives each route its own title, the centres by their open page', () => {
    expect(pageTitle('/', '', 'home', 'Banca', text)).toBe('Banca');
    expect(pageTitle('/rng', '', 'gameList', 'Banca', text)).toBe('Slots · Banca');
    expect(pageTitle('/member', '?page=withdraw', 'member', 'Banca', text)).toBe('Saque · Banca');
    expect(pageTitle('/member', '', 'member', 'Banca', text)).toBe('Central do membro · Banca');
    expect(pageTitle('/member', '?page=nope', 'member', 'Banca', text)).toBe('Central do membro · Banca');
    expect(pageTitle('/agentHome', '?page=agentTeamOverview', 'agentHome', 'Banca', text)).toBe(
      'Visão geral da equipe · Banca',
    );
    expect(pageTitle('/what', '', 'notFound', 'Banca', text)).toBe('Página não encontrada · Banca');
  });
});
