import CodeBlock from '@theme/CodeBlock';
import TabItem from '@theme/TabItem';
import Tabs from '@theme/Tabs';
import type { ReactNode } from 'react';

import type { ApiCodeSample } from '@site/src/shared/api-request';
import styles from './styles.module.css';

/** The request in curl, Python and Node.js, one tab each; the choice sticks across pages. */
export default function ApiCodeSamples({ samples }: { samples: ApiCodeSample[] }): ReactNode {
  return (
    <div className={styles.samples} data-api-code-samples="">
      <Tabs groupId="api-code-sample">
        {samples.map((sample) => (
          <TabItem key={sample.id} value={sample.id} label={sample.label}>
            <CodeBlock language={sample.language} highlighted={sample.highlighted}>
              {sample.code}
            </CodeBlock>
          </TabItem>
        ))}
      </Tabs>
    </div>
  );
}
