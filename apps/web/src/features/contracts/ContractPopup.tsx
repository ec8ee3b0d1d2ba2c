import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContractView } from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Modal } from '@/ui';
import { contractAction, consolidatedContractsQuery, type ContractAction } from './api';
import { ContractTerms } from './ContractTerms';
import './contracts.css';

interface HigherRate {
  id: number;
  downline: string;
}

/**
 * The contract popup (spec modal "contract"): offers made to the member and terminations the other
 * side asked for, one at a time, with accept / reject or confirm / keep. Accepting an offer below a
 * rate the member grants its own downline asks first (higher-rate rule), then ends those contracts.
 * Mounted only for logged-in real accounts; a member who closes it sees it again on the next visit.
 */
export default function ContractPopup() {
  const { t } = useT();
  const memberId = useUi((s) => s.memberInfo?.id);
  const queryClient = useQueryClient();
  const { data } = useQuery(consolidatedContractsQuery(memberId));
  const [dismissed, setDismissed] = useState<number[]>([]);
  const [higher, setHigher] = useState<HigherRate[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current: ContractView | undefined = data?.pending.find((p) => !dismissed.includes(p.id));
  const act = useMutation({
    mutationFn: (a: { action: ContractAction; confirm?: boolean }) =>
      contractAction(a.action, current!.id, a.confirm),
    onSuccess: () => {
      setHigher(null);
      setError(null);
      void queryClient.invalidateQueries({ queryKey: ['contracts'] });
    },
    onError: (err) => {
      if (isApiError(err) && err.code === 'contract_downline_rate_higher') {
        setHigher((err.value as { contracts: HigherRate[] }).contracts);
      } else setError(err.message);
    },
  });
  if (!current) return null;
  const offer = current.status === 'offered';
  const other = current.role === 'downline' ? current.upline.account : current.downline.account;
  const close = () => {
    setDismissed((d) => [...d, current.id]);
    setHigher(null);
    setError(null);
  };
  const footer = higher ? (
    <>
      <Button variant="outline" onClick={() => setHigher(null)}>
        {t('contracts.back')}
      </Button>
      <Button onClick={() => act.mutate({ action: 'accept', confirm: true })} disabled={act.isPending}>
        {t('contracts.proceed')}
      </Button>
    </>
  ) : offer ? (
    <>
      <Button variant="outline" onClick={() => act.mutate({ action: 'reject' })} disabled={act.isPending}>
        {t('contracts.reject')}
      </Button>
      <Button onClick={() => act.mutate({ action: 'accept' })} disabled={act.isPending}>
        {t('contracts.accept')}
      </Button>
    </>
  ) : (
    <>
      <Button variant="outline" onClick={() => act.mutate({ action: 'keep' })} disabled={act.isPending}>
        {t('contracts.keep')}
      </Button>
      <Button onClick={() => act.mutate({ action: 'confirm' })} disabled={act.isPending}>
        {t('contracts.terminate')}
      </Button>
    </>
  );
  return (
    <Modal title={t(`contracts.kinds.${current.kind}`)} onClose={close} footer={footer} size="md">
      <div className="contract-popup">
        <p className="contract-popup__lead">
          {offer
            ? t('contracts.offerFrom', { account: other })
            : t('contracts.terminationFrom', { account: other })}
        </p>
        <dl className="contract-popup__facts">
          <div>
            <dt>{t('contracts.product')}</dt>
            <dd>{t(`contracts.products.${current.product}`)}</dd>
          </div>
          <div>
            <dt>{t('contracts.period')}</dt>
            <dd>{t(`contracts.periods.${current.period}`)}</dd>
          </div>
        </dl>
        <ContractTerms contract={current} />
        {higher && (
          <div className="contract-popup__warn" role="alert">
            <p>{t('contracts.higherRate')}</p>
            <ul>
              {higher.map((h) => (
                <li key={h.id}>{h.downline}</li>
              ))}
            </ul>
          </div>
        )}
        {error && (
          <p className="contract-popup__error" role="alert">
            {error}
          </p>
        )}
      </div>
    </Modal>
  );
}
