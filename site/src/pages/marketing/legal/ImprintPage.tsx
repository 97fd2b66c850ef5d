// /legal/imprint: the operator's details from site/content/operator.json. An unfilled value shows
// as a visibly marked placeholder (only in development and preview builds: a production build
// refuses to publish while imprintProblems() is non-empty).
import { Fragment } from 'react'
import { OPERATOR_FIELDS, operatorDetails } from '../../../content'
import type { PageMeta, PageProps } from '../../../app/route-types'
import { pageTitle } from '../common/product-facts'
import { imprintProblems } from './imprint-problems'
import '../common/marketing.css'
import './legal.css'

const EMAIL = /^[^\s@<>"]+@[^\s@<>"]+$/

/** The imprint. */
export default function ImprintPage(_props: PageProps) {
  const details = operatorDetails()
  const unfilled = imprintProblems(details).length
  return (
    <div className="mk-page mk-prose mk-legal">
      <h1>Imprint</h1>
      {unfilled > 0 && (
        <p className="mk-sample">
          Not ready for publishing: {unfilled} {unfilled === 1 ? 'value is' : 'values are'} not
          filled in yet (marked below).
        </p>
      )}
      <dl className="mk-imprint">
        {OPERATOR_FIELDS.map(({ key, label }) => {
          const value = details[key]
          return (
            <Fragment key={key}>
              <dt>{label}</dt>
              <dd className={value.isPlaceholder ? 'mk-placeholder' : undefined}>
                {value.text.split('\n').map((line, index) => (
                  <span key={`${index}-${line}`} className="mk-imprint-line">
                    {key === 'email' && !value.isPlaceholder && EMAIL.test(line) ? (
                      <a href={`mailto:${line}`}>{line}</a>
                    ) : (
                      line
                    )}
                  </span>
                ))}
              </dd>
            </Fragment>
          )
        })}
      </dl>
    </div>
  )
}

/** The imprint's metadata. */
export function meta(_props: PageProps): PageMeta {
  return {
    title: pageTitle('Imprint'),
    description: 'Who operates Inkmark, and how to contact them.',
    breadcrumbs: [
      { label: 'Home', path: '/' },
      { label: 'Legal', path: '/legal' },
      { label: 'Imprint' },
    ],
  }
}
