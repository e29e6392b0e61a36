import { useState } from 'react';
import { dateTime, type TimeZone } from '#shared/dates';
import type { AdminDeviceDto } from '#shared/schemas/responses/devices';
import { messageOf } from '#client/api/client';
import { useToast } from '#client/components/toast';
import { ActionDialog } from './action-dialog';
import { useCustomerDevices, useRemoveCustomerDevice } from './api';
import { Badge } from './badges';
import { Empty, Section } from './section';

function DeviceItem({ d, zone, onRemove }: { d: AdminDeviceDto; zone: TimeZone; onRemove: () => void }) {
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between" data-testid="admin-device" data-removed={d.removedAt ? 'true' : undefined}>
      <div className="min-w-0 text-sm">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink-100">
          <span className="break-words">{d.name}</span>
          {d.removedAt ? <Badge tone="neutral">removed</Badge> : d.holdsSeat ? <Badge tone="green">holds a seat</Badge> : <Badge tone="neutral">idle</Badge>}
          {d.cloneFlaggedAt && <Badge tone="red">possible clone</Badge>}
        </p>
        <p className="mt-0.5 text-ink-400">
          {d.os} · app {d.appVersion} · {d.place || 'Unknown location'}
        </p>
        <p className="text-xs text-ink-400">
          Added {dateTime(d.createdAt, zone)} · last seen {dateTime(d.lastSeenAt, zone)}
        </p>
        {d.cloneFlaggedAt && (
          <p className="mt-1 text-xs text-red-300">
            Flagged {dateTime(d.cloneFlaggedAt, zone)}: the same installation arrived from other hardware (a copied disk or virtual machine).
          </p>
        )}
        {d.removedAt && (
          <p className="mt-1 break-words text-xs text-ink-500">
            Removed {dateTime(d.removedAt, zone)} by {d.removedBy === 'admin' ? 'an admin' : 'the customer'}
            {d.removedReason ? `: ${d.removedReason}` : ''}
          </p>
        )}
      </div>
      {!d.removedAt && (
        <button type="button" className="btn-ghost shrink-0 self-start text-red-300 hover:text-red-200" onClick={onRemove}>
          Remove…
        </button>
      )}
    </li>
  );
}

/** The customer's devices of the desktop program (decision 184): seats, clone flags, removed ones; removal with a reason. */
export function CustomerDevices({ customerId, zone }: { customerId: string; zone: TimeZone }) {
  const query = useCustomerDevices(customerId);
  const remove = useRemoveCustomerDevice(customerId);
  const toast = useToast();
  const [open, setOpen] = useState<AdminDeviceDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    setOpen(null);
  };
  const submit = async (device: AdminDeviceDto, reason: string) => {
    setError(null);
    try {
      await remove.mutateAsync({ deviceId: device.id, reason });
      toast.success(`${device.name} removed`);
      close();
    } catch (err) {
      setError(messageOf(err, 'The action failed. Please try again.'));
    }
  };
  const data = query.data;
  return (
    <Section
      id="devices-heading"
      title="Devices"
      className="lg:col-span-2"
      aside={
        data ? (
          <span className="text-sm text-ink-400" data-testid="admin-device-seats">
            {data.inUse} of {data.limit} {data.limit === 1 ? 'seat' : 'seats'} in use
          </span>
        ) : undefined
      }
    >
      {query.isPending ? (
        <Empty>Loading devices...</Empty>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-300">
          {messageOf(query.error, 'Failed to load the devices')}{' '}
          <button type="button" className="text-accent-300 hover:underline" onClick={() => void query.refetch()}>
            Retry
          </button>
        </p>
      ) : data && data.devices.length === 0 ? (
        <Empty>The desktop program has not been activated on any device.</Empty>
      ) : (
        <ul className="divide-y divide-ink-800" data-testid="customer-devices">
          {data?.devices.map((d) => (
            <DeviceItem key={d.id} d={d} zone={zone} onRemove={() => setOpen(d)} />
          ))}
        </ul>
      )}
      <ActionDialog
        open={open !== null}
        danger
        busy={remove.isPending}
        error={error}
        title={open ? `Remove ${open.name}` : ''}
        description={<>Its seat is free at once; the program on it is told DEVICE_REMOVED at its next refresh and stops when its current lease runs out.</>}
        confirmLabel="Remove device"
        closeLabel="Keep the device"
        onClose={close}
        onSubmit={(reason) => open && void submit(open, reason)}
      />
    </Section>
  );
}
