import { describe, expect, it } from 'vitest';
import { draftKey, forgetDrafts, readDraft, writeDraft } from './drafts';

describe('drafts', () => {
  it('keeps a draft per user, case and place, and forgets it when written null', () => {
    const mine = draftKey('u1', 'c1', 'gestion');
    writeDraft(mine, { descripcion: 'Llegué' });
    expect(readDraft(mine)).toEqual({ descripcion: 'Llegué' });
    expect(readDraft(draftKey('u2', 'c1', 'gestion'))).toBeNull();
    expect(readDraft(draftKey('u1', 'c2', 'gestion'))).toBeNull();
    writeDraft(mine, null);
    expect(readDraft(mine)).toBeNull();
  });

  it('Salir forgets every draft of the tab and nothing else', () => {
    writeDraft(draftKey('u1', 'c1', 'chat:general'), 'hola');
    writeDraft(draftKey('u1', 'c2', 'gestion'), { estado: 'Verificado' });
    sessionStorage.setItem('vialex.returnRoute', '"/casos"');
    forgetDrafts();
    expect(readDraft(draftKey('u1', 'c1', 'chat:general'))).toBeNull();
    expect(readDraft(draftKey('u1', 'c2', 'gestion'))).toBeNull();
    expect(sessionStorage.getItem('vialex.returnRoute')).toBe('"/casos"');
  });

  it('a kept value that is not JSON reads as no draft', () => {
    sessionStorage.setItem(draftKey('u1', 'c1', 'gestion'), '{roto');
    expect(readDraft(draftKey('u1', 'c1', 'gestion'))).toBeNull();
  });
});
