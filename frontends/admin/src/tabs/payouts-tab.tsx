import { InProgressNotice } from '@innerecho/ui';

export type PayoutsTabProps = Record<string, never>;

export function PayoutsTab(_props: PayoutsTabProps) {
  return <InProgressNotice>Payouts management is being built.</InProgressNotice>;
}
