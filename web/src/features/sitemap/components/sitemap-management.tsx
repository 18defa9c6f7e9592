import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { apiMessage } from '@/lib/api';
import { useSitemapStats } from '../api/get-stats';
import { useSitemapFiles } from '../api/get-files';
import { useSitemapProgress } from '../api/get-progress';
import { useGenerateSitemaps } from '../api/generate';
import { useValidateSitemaps } from '../api/validate';
import { SitemapStatCards } from './stat-cards';
import { GenerateCard } from './generate-card';
import { IndexCard } from './index-card';
import { FilesList } from './files-list';
import { messages } from './messages';
import { AdminHeader } from '@/components/admin-header';

/** Sitemap management, with its generation states and its toasts. */
export function SitemapManagement() {
  const stats = useSitemapStats();
  const files = useSitemapFiles();
  // Progress after the last run: 100 on success, 0 on failure; reset to 0 when a run starts.
  const [settled, setSettled] = useState(0);
  const generate = useGenerateSitemaps({
    onSuccess: () => {
      setSettled(100);
      toast({ title: messages.generatedTitle, description: messages.generatedText });
    },
    onError: (err) => {
      setSettled(0);
      toast({ title: messages.generateFailedTitle, description: apiMessage(err) ?? messages.generateFailedText, variant: 'destructive' });
    },
  });
  const generating = generate.isPending;
  const polled = useSitemapProgress(generating);
  const validate = useValidateSitemaps({
    // Errors are news to act on: a destructive toast, and each file's messages in the list.
    onSuccess: (r) =>
      toast({ title: messages.validatedTitle, description: messages.validatedText(r.validFiles, r.errors.length), ...(r.errors.length ? { variant: 'destructive' as const } : {}) }),
    onError: (err) => {
      console.error('Sitemap validation failed', err);
      toast({ title: messages.validateFailedTitle, description: apiMessage(err) ?? messages.validateFailedText, variant: 'destructive' });
    },
  });

  const startGeneration = () => {
    if (generating) return;
    setSettled(0);
    generate.mutate();
  };
  const progress = generating ? (polled.data?.progress ?? 0) : settled;

  return (
    <main className="min-h-screen bg-gray-50">
      <AdminHeader width="max-w-6xl" />
      <div className="mx-auto max-w-6xl space-y-6 px-4 py-8">
        <div>
          <h1 className="text-2xl font-bold">{messages.title}</h1>
          <p className="mt-1 text-gray-600">{messages.intro}</p>
        </div>
        <SitemapStatCards stats={stats.data} />
        <div className="grid gap-6 md:grid-cols-2">
          <GenerateCard
            generating={generating}
            validating={validate.isPending}
            progress={progress}
            lastGenerated={stats.data?.lastGenerated}
            onGenerate={startGeneration}
            onValidate={() => validate.mutate()}
          />
          <IndexCard baseUrl={stats.data?.baseUrl} />
        </div>
        <FilesList files={files.data} loading={files.isPending} generating={generating} onGenerate={startGeneration} />
      </div>
    </main>
  );
}
